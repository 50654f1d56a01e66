"""A fresh clone has no shared folder beside it: nothing the repo ships may read or link one."""

import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SHIPPED = ("api", "events", "referee", "templates", "tests", "docs", "bench", "translations",
           "README.md", "Makefile", "pyproject.toml", "Procfile", ".ci")


def _tracked_files() -> list[Path]:
    out = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard", *SHIPPED],
                         cwd=ROOT, capture_output=True, text=True, check=True).stdout
    return [ROOT / line for line in out.splitlines() if line and (ROOT / line).is_file()]


def test_no_shipped_file_reads_or_links_the_shared_folder():
    needle = "../" + "shared"  # split so this file does not match itself
    offenders = []
    for path in _tracked_files():
        if path.suffix in (".png", ".jpg", ".ico", ".mo", ".sqlite3"):
            continue
        text = path.read_text(encoding="utf-8", errors="ignore")
        if needle in text or ("\"..\", \"sha" + "red\"") in text:
            offenders.append(str(path.relative_to(ROOT)))
    assert offenders == []


def test_the_contract_and_the_golden_cases_live_in_the_repo():
    assert (ROOT / "docs" / "RULES.md").is_file()
    assert (ROOT / "docs" / "API.md").is_file()
    assert (ROOT / "tests" / "golden" / "referee_cases.json").is_file()
    rules = (ROOT / "docs" / "RULES.md").read_text(encoding="utf-8")
    assert "seeds/" not in rules

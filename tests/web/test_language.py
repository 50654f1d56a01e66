"""French and English from Accept-Language, a switch, and card names per language."""

from api.web.words.i18n import canonical, card_label, card_name


def test_the_language_follows_the_browser(phone):
    assert "Ouvrir une table" in phone("fr-FR,fr;q=0.9").page("/")
    assert "Start a table" in phone("en-GB").page("/")
    assert 'lang="fr"' in phone("fr").page("/")


def test_the_switch_keeps_the_choice(phone):
    french = phone("fr")
    french.post("/lang", {"lang": "en", "next": "/new"})
    assert "Start the table" in french.page("/new")


def test_french_cards_use_r_d_v():
    assert card_label("KH", "fr") == "R♥" and card_label("QS", "fr") == "D♠" and card_label("JC", "fr") == "V♣"
    assert card_label("KH", "en") == "K♥"
    assert card_label("JK=7H", "fr") == "JK=7♥"
    assert card_name("QH", "fr") == "dame de cœur"
    assert card_name("QH", "en") == "queen of hearts"


def test_french_input_reads_r_d_v():
    assert canonical("D♥", "fr") == "QH"
    assert canonical("RS", "fr") == "KS"
    assert canonical("JK=V♦", "fr") == "JK=JD"
    assert canonical("10h", "en") == "10H"


def test_the_picker_shows_french_cards(phone):
    french = phone("fr")
    french.start()
    page = french.page()
    assert "R♥" in page and "dame de cœur" in page

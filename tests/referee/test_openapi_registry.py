"""api.openapi.document: what a blueprint registers appears in /api/openapi.json."""

from marshmallow import Schema, fields

from api.rest import openapi


class WidgetSchema(Schema):
    name = fields.String()


class OtherWidgetSchema(Schema):
    size = fields.Integer()


OtherWidgetSchema.__name__ = "WidgetSchema"  # a second class that would take the same component name


def test_a_registered_path_appears_with_its_parameters_and_statuses(monkeypatch):
    monkeypatch.setattr(openapi, "_OPERATIONS", {})
    openapi.document("/api/v1/widgets/{widget_id}", "GET", "Read a widget", response=WidgetSchema,
                     errors=(401, 404))
    openapi.document("/api/v1/widgets/{widget_id}", "put", "Replace a widget", request=OtherWidgetSchema,
                     response=WidgetSchema, status=201)
    spec = openapi.build_spec()
    path = spec["paths"]["/api/v1/widgets/{widget_id}"]
    assert path["get"]["summary"] == "Read a widget" and path["get"]["tags"] == ["widgets"]
    assert [p["name"] for p in path["get"]["parameters"]] == ["widget_id"]
    assert set(path["get"]["responses"]) == {"200", "401", "404"}
    assert set(path["put"]["responses"]) == {"201", "400"}
    names = set(spec["components"]["schemas"])
    assert "Widget" in names and len(names - {"Widget", "Problem", "Violation"}) == 1  # the clash got its own name

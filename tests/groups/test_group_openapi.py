"""The group endpoints are described in the OpenAPI document."""


def test_every_group_endpoint_is_in_the_openapi_document(client):
    paths = client.get("/api/openapi.json").json["paths"]
    described = {(path, method) for path, operations in paths.items() for method in operations}
    assert {("/api/v1/groups", "post"), ("/api/v1/groups/{group_id}", "get"),
            ("/api/v1/groups/{group_id}/players/{member}", "get"),
            ("/api/v1/groups/{group_id}/players/{member}", "patch"),
            ("/api/v1/groups/{group_id}/export.csv", "get"), ("/api/v1/tables/{table_id}/export.csv", "get")} <= described
    read = paths["/api/v1/groups/{group_id}"]["get"]
    assert {"200", "401", "403", "404"} <= set(read["responses"])
    assert "401" in paths["/api/v1/groups/{group_id}/export.csv"]["get"]["responses"]

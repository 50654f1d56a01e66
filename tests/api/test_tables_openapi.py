"""The table endpoints are described in the OpenAPI document."""


def test_every_table_endpoint_is_in_the_openapi_document(client):
    paths = client.get("/api/openapi.json").json["paths"]
    described = {(path, method) for path, operations in paths.items() for method in operations}
    assert {("/api/v1/tables", "post"), ("/api/v1/tables/{table_id}", "get"),
            ("/api/v1/tables/{table_id}/entries", "post"), ("/api/v1/tables/{table_id}/entries", "get"),
            ("/api/v1/tables/{table_id}/export", "get"), ("/api/v1/tables/import", "post")} <= described
    post = paths["/api/v1/tables/{table_id}/entries"]["post"]
    assert set(post["responses"]) == {"201", "400", "401", "403", "404", "409", "413", "415", "422", "429", "503"}

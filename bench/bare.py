"""A bare Flask route, served by the same gunicorn settings as the app: the yardstick of bench_load."""

from flask import Flask, jsonify

app = Flask(__name__)


@app.get("/healthz")
def healthz():
    return jsonify(status="ok")


@app.post("/echo")
def echo():
    return jsonify(version=1), 201


@app.get("/view")
def view():
    return jsonify(version=1)

"""What the pages say about errors and refusals, in the reader's language."""

from __future__ import annotations

from api.web.i18n import N_

# The HTTP errors an HTML page may show (werkzeug's names and descriptions), for the catalogue.
HTTP_TEXTS = (
    N_("Bad Request"), N_("Unauthorized"), N_("Forbidden"), N_("Not Found"), N_("Method Not Allowed"),
    N_("Conflict"), N_("Request Entity Too Large"), N_("Too Many Requests"), N_("Internal Server Error"),
    N_("The browser (or proxy) sent a request that this server could not understand."),
    N_("You don't have the permission to access the requested resource. It is either read-protected or not "
       "readable by the server."),
    N_("The requested URL was not found on the server. If you entered the URL manually please check your "
       "spelling and try again."),
    N_("The method is not allowed for the requested URL."),
    N_("The data value transmitted exceeds the capacity limit."),
    N_("This user has exceeded an allotted request count. Try again later."),
    N_("The server encountered an internal error and was unable to complete your request. Either the server is "
       "overloaded or there is an error in the application."),
)

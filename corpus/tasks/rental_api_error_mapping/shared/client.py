"""The shop-floor tablet's client: turns API answers into what the clerk sees."""

ADVICE = {
    404: "Check the item code.",
    409: "Offer another item or a later date.",
    402: "Ask for another card.",
    422: "Correct the form.",
    503: "Wait a minute and try again; nothing was charged.",
}


def clerk_message(response):
    status = response["status"]
    if status < 400:
        return "OK"
    advice = ADVICE.get(status, "Call the office." if status >= 500 else "Check the request.")
    return f"{response['body']['message']} - {advice}"

"""Model endpoints as records: the OpenAI-compatible servers an admin registers (name, base URL, the
name of the variable that holds the key, model, limits). Jobs launched from the web app name one by
``endpoint:NAME``; a web spec never names a URL, so a worker's key only ever goes to the URL it was
registered with."""

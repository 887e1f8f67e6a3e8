"""/docs/ serves the documentation site scripts/docs built, to logged-in users only."""

from __future__ import annotations

import pytest


@pytest.fixture
def site(tmp_path, settings):
    (tmp_path / "harness").mkdir()
    (tmp_path / "index.html").write_text("<h1>Stepwise docs</h1>")
    (tmp_path / "harness" / "index.html").write_text("<h1>The harness</h1>")
    settings.STEPWISE_DOCS_DIR = tmp_path
    return tmp_path


@pytest.mark.django_db
def test_logged_in_users_read_the_built_pages_and_visitors_are_sent_to_log_in(client, make_user, site):
    assert "/accounts/login/" in client.get("/docs/harness/index.html")["Location"]
    client.force_login(make_user("ann", role="annotator"))
    assert client.get("/docs/")["Location"] == "/docs/index.html"
    response = client.get("/docs/harness/index.html")
    assert response.status_code == 200 and b"The harness" in b"".join(response.streaming_content)
    assert client.get("/docs/../settings.py").status_code == 404


@pytest.mark.django_db
def test_an_unbuilt_site_is_a_404_that_says_to_run_scripts_docs(client, make_user, settings, tmp_path):
    settings.STEPWISE_DOCS_DIR = tmp_path / "nothing"
    client.force_login(make_user("ann", role="annotator"))
    response = client.get("/docs/index.html")
    assert response.status_code == 404
    page = response.content.decode()
    assert "The documentation is not built on this server" in page and "scripts/docs" in page
    assert str(tmp_path) not in page  # the host folder is not shown


@pytest.mark.django_db
def test_a_missing_page_of_a_built_site_says_so_without_the_host_folder(client, make_user, site):
    client.force_login(make_user("ann", role="annotator"))
    response = client.get("/docs/no-such-page.html")
    assert response.status_code == 404
    page = response.content.decode()
    assert "no page &#x27;no-such-page.html&#x27;" in page and str(site) not in page


@pytest.mark.django_db
def test_opening_a_form_address_in_the_browser_answers_a_page_that_links_its_form(client, make_user, catalog_task):
    client.force_login(make_user("boss", role="admin"))
    response = client.get(f"/labels/disagreements/{catalog_task}/")
    assert response.status_code == 405 and response["Allow"] == "POST"
    page = response.content.decode()
    assert "Not a page" in page and 'href="/labels/disagreements/"' in page

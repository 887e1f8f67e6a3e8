import cache
import pytest
from profiles import ProfileRepository, plan_report
from stores import ProfileStore


@pytest.fixture(autouse=True)
def clean_caches():
    cache.reset_all()


def acme():
    return ProfileStore("acme", [{"id": 1, "name": "ana", "plan": "pro"}, {"id": 2, "name": "ben", "plan": "free"}])


def globex():
    return ProfileStore("globex", [{"id": 1, "name": "gus", "plan": "team"}, {"id": 3, "name": "hal", "plan": "free"}])


def test_each_tenant_sees_its_own_users():
    acme_repo, globex_repo = ProfileRepository(acme()), ProfileRepository(globex())
    assert acme_repo.get(1).name == "ana"
    assert globex_repo.get(1).name == "gus"


def test_second_read_comes_from_cache():
    store = acme()
    repo = ProfileRepository(store)
    assert repo.get(1) == repo.get(1)
    assert store.reads == 1


def test_unknown_user_names_the_tenant():
    with pytest.raises(LookupError, match="'acme'"):
        ProfileRepository(acme()).get(9)


def test_change_plan_refreshes_cached_profile():
    repo = ProfileRepository(acme())
    repo.get(2)
    assert repo.change_plan(2, "pro").plan == "pro"


def test_entries_expire_after_ttl():
    store = acme()
    repo = ProfileRepository(store, ttl=1)
    repo.get(1)
    repo.get(1)
    repo.get(1)
    assert store.reads == 2


def test_plan_report_per_tenant():
    acme_repo, globex_repo = ProfileRepository(acme()), ProfileRepository(globex())
    assert plan_report(acme_repo, [1, 2]) == {"free": 1, "pro": 1}
    assert plan_report(globex_repo, [1, 3]) == {"free": 1, "team": 1}

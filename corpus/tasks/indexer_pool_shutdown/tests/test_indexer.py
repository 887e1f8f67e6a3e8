from index import SearchIndex, terms
from indexer import IndexerPool

DOCS = {n: f"document {n} about {'cats' if n % 2 else 'dogs'}" for n in range(1, 11)}


def test_stop_commits_every_document():
    index = SearchIndex()
    pool = IndexerPool(index, workers=3, batch_size=4).start()
    for doc_id, text in DOCS.items():
        pool.submit(doc_id, text)
    assert pool.stop() == [0, 1, 2]
    assert index.documents() == sorted(DOCS)
    assert index.search("cats") == [1, 3, 5, 7, 9]


def test_full_batches_are_committed_while_running():
    index = SearchIndex()
    pool = IndexerPool(index, workers=1, batch_size=2).start()
    for doc_id in (1, 2, 3, 4):
        pool.submit(doc_id, DOCS[doc_id])
    assert index.wait_for_documents(4, timeout=2)
    assert index.commits == [2, 2]
    pool.stop()


def test_terms_are_lowercased_and_unique():
    assert terms("Cats and CATS and dogs") == ["and", "cats", "dogs"]


def test_search_of_unknown_word():
    assert SearchIndex().search("nothing") == []

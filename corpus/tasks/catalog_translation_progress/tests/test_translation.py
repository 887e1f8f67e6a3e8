import asyncio

import pytest
from catalog import LocalizationError, LocalizedProduct, Product, localize
from translate_job import localize_catalog, translate_descriptions
from translator import Translator, UnsupportedLanguage

KETTLE = Product("K1", "Brewmaster", "Brewmaster stainless steel kettle with whistle")
MUG = Product("M2", "Mugsy", "Mugsy mug")
TEAPOT = Product("T3", "Potts", "Potts glass teapot with lid")
BRANDS = ("Brewmaster", "Mugsy", "Potts")


def test_words_are_translated_and_brand_names_kept():
    text = asyncio.run(Translator(BRANDS).translate(KETTLE.description, "de"))
    assert text == "Brewmaster rostfreier Stahl Wasserkocher mit Pfeife"


def test_unsupported_languages_are_refused():
    with pytest.raises(UnsupportedLanguage, match="no translations into 'fr'; available: de"):
        asyncio.run(Translator().translate("mug", "fr"))


def test_localized_texts_are_checked():
    with pytest.raises(LocalizationError, match="M2: no de translation"):
        localize([MUG], {}, "de")
    with pytest.raises(LocalizationError, match="M2: the de text 'Marke Becher' lost the brand 'Mugsy'"):
        localize([MUG], {"M2": "Marke Becher"}, "de")
    with pytest.raises(LocalizationError, match="over 10"):
        localize([MUG], {"M2": "Mugsy großer Becher"}, "de", max_length=10)


def test_an_empty_catalog_needs_no_requests():
    translator = Translator(BRANDS)
    assert asyncio.run(translate_descriptions([], translator, "de")) == {}
    assert translator.requests == []


def test_the_catalog_is_localized_into_german():
    localized = asyncio.run(localize_catalog([KETTLE, MUG, TEAPOT], Translator(BRANDS), "de"))
    assert localized == [
        LocalizedProduct("K1", "de", "Brewmaster rostfreier Stahl Wasserkocher mit Pfeife"),
        LocalizedProduct("M2", "de", "Mugsy Becher"),
        LocalizedProduct("T3", "de", "Potts Glas Teekanne mit Deckel"),
    ]


def test_progress_follows_the_translations_as_they_finish():
    progress = []
    translations = asyncio.run(translate_descriptions(
        [KETTLE, MUG, TEAPOT], Translator(BRANDS), "de", on_progress=lambda *step: progress.append(step)))
    assert progress == [(1, 3, "M2"), (2, 3, "T3"), (3, 3, "K1")]
    assert translations["M2"] == "Mugsy Becher"


def test_descriptions_seen_before_are_not_sent_again():
    from memory import TranslationMemory

    async def main():
        memory, translator = TranslationMemory(), Translator(BRANDS)
        await translate_descriptions([KETTLE, MUG, TEAPOT], translator, "de", memory=memory)
        first = len(translator.requests)
        again = await translate_descriptions([MUG, TEAPOT], translator, "de", memory=memory)
        return first, len(translator.requests), sorted(again), (memory.hits, memory.misses, len(memory))
    assert asyncio.run(main()) == (3, 3, ["M2", "T3"], (2, 3, 3))


def test_empty_translations_are_not_remembered():
    from memory import TranslationMemory

    with pytest.raises(ValueError, match="refusing to remember an empty de translation of 'Mugsy mug'"):
        TranslationMemory().remember("de", "Mugsy mug", "  ")


def test_feed_rows_are_quoted_and_sorted():
    from feed import to_feed

    feed = to_feed([LocalizedProduct("T3", "de", "Potts Glas, Teekanne"), LocalizedProduct("M2", "de", "Mugsy Becher"),
                    LocalizedProduct("M2", "en", 'Mugsy 12" mug')])
    assert feed.splitlines() == ["sku,language,currency,description", "M2,de,EUR,Mugsy Becher",
                                 'T3,de,EUR,"Potts Glas, Teekanne"', 'M2,en,GBP,"Mugsy 12"" mug"']

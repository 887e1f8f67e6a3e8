"""Translate a whole catalog: all descriptions at once, reporting progress as each one comes back."""

import asyncio

from catalog import localize
from memory import TranslationMemory


async def translate_descriptions(products, translator, language, on_progress=None, memory=None):
    """{sku: translated description}; ``on_progress(done, total, sku)`` after each one."""
    memory = memory if memory is not None else TranslationMemory()
    translations = {}
    for product in products:
        known = memory.lookup(language, product.description)
        if known is not None:
            translations[product.sku] = known
    products = [p for p in products if p.sku not in translations]
    finished = []

    async def translate(product):
        # Each product gets its own coroutine, so the result is always booked under that product.
        text = await translator.translate(product.description, language)
        translations[product.sku] = text
        memory.remember(language, product.description, text)
        finished.append(product.sku)
        if on_progress is not None:
            on_progress(len(finished), len(products), product.sku)

    await asyncio.gather(*(translate(product) for product in products))
    return translations


async def localize_catalog(products, translator, language, on_progress=None, memory=None):
    translations = await translate_descriptions(products, translator, language, on_progress, memory)
    return localize(products, translations, language)

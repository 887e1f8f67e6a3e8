"""Products and their localized copies. A translation must keep the product's brand name intact."""

from dataclasses import dataclass


class LocalizationError(ValueError):
    pass


@dataclass(frozen=True)
class Product:
    sku: str
    brand: str
    description: str


@dataclass(frozen=True)
class LocalizedProduct:
    sku: str
    language: str
    description: str


def localize(products, translations, language, max_length=80):
    localized = []
    for product in products:
        text = translations.get(product.sku)
        if text is None:
            raise LocalizationError(f"{product.sku}: no {language} translation")
        if product.brand not in text.split():
            raise LocalizationError(f"{product.sku}: the {language} text {text!r} lost the brand {product.brand!r}")
        if len(text) > max_length:
            raise LocalizationError(f"{product.sku}: the {language} text is {len(text)} characters, over {max_length}")
        localized.append(LocalizedProduct(product.sku, language, text))
    return localized

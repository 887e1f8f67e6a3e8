"""Tasks of the corpus and the preference labels people give them."""

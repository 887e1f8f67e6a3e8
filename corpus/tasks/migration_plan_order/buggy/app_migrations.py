"""The shop's schema history. Modules are loaded in file order, which is not id order."""

from registry import MigrationRegistry

registry = MigrationRegistry()


@registry.migration("1", "customers")
def create_customers(schema):
    schema.create_table("customers", ["id", "name"])


@registry.migration("2", "orders")
def create_orders(schema):
    schema.create_table("orders", ["id", "customer_id", "total"])


@registry.migration("3", "customer email")
def add_email(schema):
    schema.add_column("customers", "email")


@registry.migration("5", "order status")
def add_status(schema):
    schema.add_column("orders", "status")


@registry.migration("4", "products")
def create_products(schema):
    schema.create_table("products", ["id", "sku", "price"])


@registry.migration("6", "rename total")
def rename_total(schema):
    schema.rename_column("orders", "total", "total_cents")


@registry.migration("7", "order lines")
def create_order_lines(schema):
    schema.create_table("order_lines", ["order_id", "product_id", "qty"])


@registry.migration("8", "sku index")
def index_sku(schema):
    schema.add_index("products", "sku")


@registry.migration("9", "customer phone")
def add_phone(schema):
    schema.add_column("customers", "phone")


@registry.migration("10", "line price")
def add_line_price(schema):
    schema.add_column("order_lines", "unit_price_cents")


@registry.migration("11", "status index")
def index_status(schema):
    schema.add_index("orders", "status")

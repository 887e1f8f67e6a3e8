from toolz import get_in, groupby, merge_with, valmap

from columns import columns_from_config


def extract(record, columns):
    return {column.name: get_in(column.path, record, column.default) for column in columns}


def rows(records, config):
    columns = columns_from_config(config)
    return [extract(record, columns) for record in records]


def summarize(records, config, group_by):
    table = rows(records, config)
    groups = groupby(lambda row: row[group_by], table)

    def totals(group_rows):
        measures = [{k: v for k, v in row.items() if k != group_by} for row in group_rows]
        return merge_with(sum, *measures)

    return valmap(totals, groups)


def grand_total(records, config, measure):
    return sum(row[measure] for row in rows(records, config))

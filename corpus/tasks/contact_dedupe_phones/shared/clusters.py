"""Group records that share any key (union-find), keeping the first record's position as the id."""


class DisjointSets:
    def __init__(self, size):
        self.parent = list(range(size))

    def find(self, i):
        while self.parent[i] != i:
            self.parent[i] = self.parent[self.parent[i]]
            i = self.parent[i]
        return i

    def union(self, a, b):
        ra, rb = self.find(a), self.find(b)
        if ra != rb:
            self.parent[max(ra, rb)] = min(ra, rb)


def cluster(keys_per_record):
    sets = DisjointSets(len(keys_per_record))
    owner = {}
    for index, keys in enumerate(keys_per_record):
        for key in keys:
            if key in owner:
                sets.union(owner[key], index)
            else:
                owner[key] = index
    groups = {}
    for index in range(len(keys_per_record)):
        groups.setdefault(sets.find(index), []).append(index)
    return list(groups.values())

"""What the two training-data generators share (synthetic rollouts and microskills): choosing tasks
(heldout refused), teachers (any harness policy spec, one instance per worker thread), generation-only
guidance and its removal, the output folder (resumable: finished work is never redone), playing jobs in
parallel on a warm sandbox pool with a progress bar and a callback, and the summary table.

Each kept example is a ``stepwise.trajectory/1`` document under ``OUT/accepted/`` carrying an ``sft``
block (its source, skill, teacher, attempt, score, policy version, preference); ``export-sft`` reads
those documents.
"""

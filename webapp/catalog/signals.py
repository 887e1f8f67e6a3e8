"""What the catalog announces to other apps, so it never has to import them (they depend on it).

``task_created`` is sent inside ``upsert_task``'s transaction with ``task=<the new Task>``; a receiver
calls its own app's service (trajectories links the episodes that arrived before their task).
"""

from django.dispatch import Signal

task_created = Signal()

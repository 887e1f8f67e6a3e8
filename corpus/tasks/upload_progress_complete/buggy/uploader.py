"""Send a payload to a storage server chunk by chunk, tracking progress in an UploadJob."""

from chunking import chunks
from job import UploadJob


class StorageServer:
    """The receiving side: assembles the chunks and publishes the object once it is complete."""

    def __init__(self):
        self.parts = {}
        self.published = {}

    def receive(self, name, data):
        self.parts.setdefault(name, []).append(data)

    def publish(self, job):
        self.published[job.name] = b"".join(self.parts.pop(job.name))


def upload(server, name, payload, chunk_size=1024, progress_log=None):
    job = UploadJob(name, len(payload), on_done=server.publish)
    for chunk in chunks(payload, chunk_size):
        server.receive(name, chunk)
        job.chunk_sent(len(chunk))
        if progress_log is not None:
            progress_log.append(job.percent_label())
    return job

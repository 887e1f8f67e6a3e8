"""An upload job: progress in percent, and a state that ends in 'done' exactly once."""


class UploadJob:
    def __init__(self, name, total_bytes, on_done=None):
        if total_bytes < 1:
            raise ValueError(f"{name}: nothing to upload")
        self.name = name
        self.total_bytes = total_bytes
        self.bytes_sent = 0
        self.progress = 0.0
        self.state = "pending"
        self.on_done = on_done

    def chunk_sent(self, nbytes):
        if self.state == "done":
            raise RuntimeError(f"{self.name}: chunk sent after the upload finished")
        self.state = "uploading"
        self.bytes_sent += nbytes
        self.progress = 100 * self.bytes_sent / self.total_bytes
        if self.bytes_sent >= self.total_bytes:
            self.state = "done"
            if self.on_done:
                self.on_done(self)

    def percent_label(self):
        return f"{min(self.progress, 100):.0f}%"

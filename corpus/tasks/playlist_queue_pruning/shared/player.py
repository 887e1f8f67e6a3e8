"""The player applies the listener's profile to the queue and tells the app what changed."""

from dataclasses import dataclass

from tracks import fmt_duration


@dataclass(frozen=True)
class Profile:
    kids_mode: bool = False
    region: str = "GB"


class Player:
    def __init__(self, queue):
        self.queue = queue
        self.toasts = []

    def apply_profile(self, profile):
        removed = []
        if profile.kids_mode:
            removed += self.queue.prune(lambda t: t.explicit, "kids mode")
        removed += self.queue.prune(lambda t: profile.region in t.blocked_in, f"not available in {profile.region}")
        if removed:
            noun = "track" if len(removed) == 1 else "tracks"
            self.toasts.append(f"Removed {len(removed)} {noun} from your queue")
        return removed

    def up_next_card(self, count=3):
        return [f"{t.title} - {t.artist} ({fmt_duration(t.seconds)})" for t in self.queue.up_next(count)]

    def remaining_time(self):
        return fmt_duration(sum(t.seconds for t in self.queue.items))

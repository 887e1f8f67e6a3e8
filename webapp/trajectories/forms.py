from django import forms

from harness.scoring import CRITERIA
from webapp.core.ids import MAX_ID
from webapp.trajectories.models import Arm, ExitReason, Verdict
from webapp.trajectories.selectors import TrajectoryFilters

YES_NO = [("", "any"), ("yes", "yes"), ("no", "no")]


def _flag(value: str) -> bool | None:
    return {"yes": True, "no": False}.get(value)


class TrajectoryFilterForm(forms.Form):
    model = forms.CharField(required=False)
    arm = forms.ChoiceField(required=False, choices=[("", "any arm"), *Arm.choices])
    task = forms.CharField(required=False)
    split = forms.ChoiceField(required=False, choices=[("", "any split"), ("train", "train"),
                                                       ("validation", "validation"), ("heldout", "held out")])
    verified = forms.ChoiceField(required=False, choices=YES_NO)
    debugger_started = forms.ChoiceField(required=False, choices=YES_NO, label="debugger started")
    passed = forms.ChoiceField(required=False, choices=YES_NO, label="policy passed")
    edit_relevant = forms.ChoiceField(required=False, choices=YES_NO, label="edit relevant")
    score_min = forms.FloatField(required=False, min_value=0, max_value=1, label="score ≥")
    score_max = forms.FloatField(required=False, min_value=0, max_value=1, label="score ≤")
    rule = forms.CharField(required=False, label="hard reason")
    exit_reason = forms.ChoiceField(required=False, choices=[("", "any exit"), *ExitReason.choices])
    # an id no key can hold is a form error, not the database's OverflowError (SQLite's ints are 64-bit)
    eval = forms.IntegerField(required=False, min_value=1, max_value=MAX_ID, label="evaluation")
    job = forms.IntegerField(required=False, min_value=1, max_value=MAX_ID)
    started_from = forms.DateField(required=False, label="from", widget=forms.DateInput(attrs={"type": "date"}))
    started_to = forms.DateField(required=False, label="to", widget=forms.DateInput(attrs={"type": "date"}))

    def clean(self):
        super().clean()
        data = self.cleaned_data
        start, end = data.get("started_from"), data.get("started_to")
        if start and end and start > end:
            self.add_error("started_to", f"ends before it starts ({start} is after {end}); swap the dates")
        return data

    def filters(self) -> TrajectoryFilters:
        if not self.is_bound or not self.is_valid():
            return TrajectoryFilters()
        data = self.cleaned_data
        return TrajectoryFilters(
            model=data["model"], arm=data["arm"], task=data["task"], split=data["split"],
            verified=_flag(data["verified"]), debugger_started=_flag(data["debugger_started"]),
            passed=_flag(data["passed"]), edit_relevant=_flag(data["edit_relevant"]),
            score_min=data["score_min"], score_max=data["score_max"], rule=data["rule"],
            exit_reason=data["exit_reason"], eval_run=data["eval"], job=data["job"],
            started_from=data["started_from"], started_to=data["started_to"])


class LinkDecisionForm(forms.Form):
    edit_turn = forms.IntegerField(min_value=1)
    observation_turn = forms.IntegerField(min_value=1)
    verdict = forms.ChoiceField(choices=Verdict.choices)
    criterion = forms.TypedChoiceField(required=False, coerce=int, empty_value=None,
                                       choices=[("", "no criterion"), *CRITERIA.items()])
    note = forms.CharField(required=False, max_length=2000)


class VerdictForm(forms.Form):
    verdict = forms.ChoiceField(choices=Verdict.choices)
    note = forms.CharField(required=False, max_length=4000, widget=forms.Textarea(attrs={"rows": 2}))

from django import forms

from webapp.catalog.models import Preference
from webapp.catalog.selectors import SORTS, TaskFilters


class LabelForm(forms.Form):
    preference = forms.ChoiceField(choices=Preference.choices)
    note = forms.CharField(required=False, max_length=2000, widget=forms.Textarea(attrs={"rows": 2}))


class LabelingSettingsForm(forms.Form):
    show_suggestion = forms.BooleanField(required=False)


class TaskFilterForm(forms.Form):
    q = forms.CharField(required=False, label="search")
    category = forms.CharField(required=False)
    split = forms.ChoiceField(required=False, choices=[("", "any split"), ("train", "train"),
                                                       ("validation", "validation"), ("heldout", "held out"),
                                                       ("none", "no split")])
    label = forms.ChoiceField(required=False, choices=[("", "any label"), *Preference.choices])
    mine = forms.ChoiceField(required=False, label="my label",
                             choices=[("", "any"), ("none", "not labelled by me"), *Preference.choices])
    disputed = forms.BooleanField(required=False, label="disagreement")
    sort = forms.ChoiceField(required=False, choices=[(key, key.lstrip("-")) for key in SORTS])

    def filters(self) -> TaskFilters:
        data = self.cleaned_data if self.is_valid() else {}
        return TaskFilters(**{name: data.get(name) or TaskFilters.__dataclass_fields__[name].default
                              for name in TaskFilters.__dataclass_fields__})

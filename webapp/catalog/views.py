from django.shortcuts import render

from webapp.catalog.selectors import label_agreement, task_list


def home(request):
    tasks = list(task_list())
    return render(request, "catalog/home.html", {
        "tasks": tasks,
        "labelled": sum(1 for t in tasks if t.label_count),
        "trajectories": sum(t.trajectory_count for t in tasks),
        "agreement": label_agreement(),
    })

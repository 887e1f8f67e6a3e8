from django.urls import path

from webapp.catalog import views

urlpatterns = [path("", views.home, name="home")]

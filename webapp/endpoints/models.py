from django.core.exceptions import ValidationError
from django.core.validators import MinValueValidator, RegexValidator
from django.db import models

from webapp.endpoints.checks import key_variable_problem, url_problem

NAME_PATTERN = r"^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$"
VARIABLE_PATTERN = r"^[A-Za-z_][A-Za-z0-9_]{0,127}$"


def check_base_url(value: str) -> None:
    if "?" in value or "#" in value or "@" in value.split("//", 1)[-1].split("/", 1)[0]:
        raise ValidationError("give the base URL alone (e.g. http://vllm:8000/v1): no query, fragment or "
                              "credentials; the key comes from the variable named below")
    problem = url_problem(value)
    if problem:
        raise ValidationError(problem)


def check_key_variable(value: str) -> None:
    problem = key_variable_problem(value)
    if problem:
        raise ValidationError(problem)


class ModelEndpoint(models.Model):
    """One OpenAI-compatible server a job may use, registered by an admin. The key itself is never
    stored: ``api_key_env`` names the variable on the workers that holds it, and that key is sent to
    ``base_url`` only."""

    name = models.CharField(max_length=64, unique=True, validators=[RegexValidator(
        NAME_PATTERN, "letters, digits, '.', '_' and '-' (the name people pick in the launch forms)")])
    base_url = models.URLField(max_length=500, validators=[check_base_url],
                               help_text="e.g. http://vllm:8000/v1 (the URL that ends in /v1)")
    api_key_env = models.CharField(
        "key variable", max_length=128, blank=True, validators=[RegexValidator(
            VARIABLE_PATTERN, "the NAME of an environment variable (e.g. VLLM_API_KEY), never the key itself"),
            check_key_variable],
        help_text="the environment variable on the workers that holds this endpoint's key (empty: no key)")
    model = models.CharField(max_length=200, help_text="the model name the server serves, e.g. Qwen/Qwen3-Coder")
    max_tokens = models.PositiveIntegerField(default=2048, validators=[MinValueValidator(1)],
                                             help_text="the most tokens one reply may ask for")
    max_concurrent_requests = models.PositiveIntegerField(
        default=8, validators=[MinValueValidator(1)], help_text="requests in flight at once, per job")
    timeout_s = models.PositiveIntegerField("timeout (s)", default=300, validators=[MinValueValidator(1)],
                                            help_text="how long one request may take")
    tool_call_format = models.CharField(max_length=10, default="native",
                                        choices=[("native", "native tool calls"), ("text", "tool calls as text")])
    enabled = models.BooleanField(default=True, help_text="offered in the launch forms and usable by jobs")
    note = models.TextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return f"{self.name} ({self.model} at {self.base_url})"

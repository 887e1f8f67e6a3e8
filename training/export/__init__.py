"""The SFT export: kept rollouts and microskills -> the dataset folder SFT trains on (its shape:
docs/researchers/training.md, "Export").

    from training.export import ExportConfig, export_sft
    result = export_sft(ExportConfig(sources=["data/rollouts", "data/microskills"], out="data/sft",
                                     microskill_ratio=0.25))
"""

from training.export.run import SOURCES, ExportConfig, ExportError, ExportResult, export_sft

__all__ = ["SOURCES", "ExportConfig", "ExportError", "ExportResult", "export_sft"]

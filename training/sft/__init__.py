"""Supervised fine-tuning with DoRA on the exported SFT dataset."""

"""Microskills: short exercises that each practise one debugger habit (inspect at a breakpoint, read
before editing, rerun the tests before done, ...) on a corpus task, under a tool allow-list and a tight
turn budget; only trajectories the skill's evaluator accepts are kept.

    from training.microskills import SKILLS, MicroskillConfig, run_microskills
    run_microskills(MicroskillConfig(teachers=["openai:MODEL"], skills=["all"], out="data/microskills"))
"""

from training.microskills.catalog import SKILLS, skills_named
from training.microskills.evaluate import VERSION, SkillVerdict, evaluate
from training.microskills.instances import instantiate
from training.microskills.run import MicroskillConfig, MicroskillResult, run_microskills
from training.microskills.schema import MicroSkill, SkillInstance

__all__ = ["SKILLS", "VERSION", "MicroSkill", "MicroskillConfig", "MicroskillResult", "SkillInstance",
           "SkillVerdict", "evaluate", "instantiate", "run_microskills", "skills_named"]

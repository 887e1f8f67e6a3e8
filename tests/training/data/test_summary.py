"""A generation's summary made from outcomes read back from the folder (what a distributed rollouts job's
final step does) counts the candidates played, as the in-process run does."""

from training.datagen.summary import CandidateVerdict, GenerationSummary, JobOutcome


def test_outcomes_read_back_from_the_folder_keep_how_many_candidates_were_played():
    outcome = JobOutcome("t", "t", None, 2, [CandidateVerdict(1, "script:a", "a.json", "done", False, 0.2),
                                            CandidateVerdict(2, "script:b", "b.json", "done", True, 0.9)], played=2)

    summary = GenerationSummary("rollouts", planned=1)
    summary.add(JobOutcome.from_json(outcome.to_json()))

    assert summary.played == 2 and summary.to_json()["played"] == 2

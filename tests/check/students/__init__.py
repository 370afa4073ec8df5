"""Students' code for the grader's tests: model answers, written against gamelib's docs as a
student would, and the classic mistakes.  The notebooks' model answers are these too."""

"""Batch validation of level packs: plan tasks, evaluate them on an executor (local worker
processes or a Dask cluster), stream JSONL results, resume, report."""

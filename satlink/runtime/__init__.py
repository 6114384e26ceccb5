"""The process's plumbing, below everything else: deadlines and cancellation of long work
(:mod:`satlink.runtime.watchdog`, :mod:`satlink.runtime.cancel`) and worker processes that end
with their parent (:mod:`satlink.runtime.lifeline`).  Nothing here imports the rest of satlink."""

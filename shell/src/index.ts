// With experiments.asyncStartup the shared modules are ready before this runs (ARCHITECTURE §10).
import './bootstrap';

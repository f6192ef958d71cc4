import { DESKTOP } from './lib/browser';
import { accessibilitySuite } from './lib/accessibility';

// Every screen, dialog and panel at 1280 px, checked with axe-core (the phone width is its own file,
// so the two run on two systems at once).
accessibilitySuite('desktop (1280 px)', DESKTOP);

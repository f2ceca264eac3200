// Browser entry point: defining <app-root> upgrades the element already in index.html.
import './app-root.ts';

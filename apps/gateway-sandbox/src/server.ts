/** The same as cli.ts (the name the browser tests start). */
import './cli';

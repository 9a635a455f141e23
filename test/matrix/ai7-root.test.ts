import { AI7 } from './ai-majors';
import { defineAcceptanceSuite } from './define-acceptance-suite';
import { ROOT } from './entries';

defineAcceptanceSuite({ major: AI7, entry: ROOT, native: false });

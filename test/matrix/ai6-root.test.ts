import { AI6 } from './ai-majors';
import { defineAcceptanceSuite } from './define-acceptance-suite';
import { ROOT } from './entries';

defineAcceptanceSuite({ major: AI6, entry: ROOT, native: false });

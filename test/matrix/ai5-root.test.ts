import { AI5 } from './ai-majors';
import { defineAcceptanceSuite } from './define-acceptance-suite';
import { ROOT } from './entries';

defineAcceptanceSuite({ major: AI5, entry: ROOT, native: true });

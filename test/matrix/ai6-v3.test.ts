import { AI6 } from './ai-majors';
import { defineAcceptanceSuite } from './define-acceptance-suite';
import { V3 } from './entries';

defineAcceptanceSuite({ major: AI6, entry: V3, native: true });

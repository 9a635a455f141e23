import { AI7 } from './ai-majors';
import { defineAcceptanceSuite } from './define-acceptance-suite';
import { V3 } from './entries';

defineAcceptanceSuite({ major: AI7, entry: V3, native: true });

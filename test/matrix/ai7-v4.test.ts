import { AI7 } from './ai-majors';
import { defineAcceptanceSuite } from './define-acceptance-suite';
import { V4 } from './entries';

defineAcceptanceSuite({ major: AI7, entry: V4, native: true });

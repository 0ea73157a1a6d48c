import { installKoreanErrors } from '../../../lib/validation/index.ts';

// Imported by every module that validates, so zod speaks Korean there without zod being part of
// the console's initial JavaScript.
installKoreanErrors();

// Every form fuzzed through its real action: the second half of the routes (tests/support/fuzz-forms.ts).
import { fuzzForms } from './support/fuzz-forms'

fuzzForms(1, 2)

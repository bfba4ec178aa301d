// Every form fuzzed through its real action: the first half of the routes (tests/support/fuzz-forms.ts).
import { fuzzForms } from './support/fuzz-forms'

fuzzForms(0, 2)

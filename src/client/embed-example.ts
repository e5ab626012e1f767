// Placeholder: "The map page" issue builds the example host page (PRODUCT §8).
import { mount } from './mount';

mount(document.getElementById('root')!);

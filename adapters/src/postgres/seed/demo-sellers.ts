/**
 * Who sells in the demo. A dealer is a business (a dealership, a fleet or a transport company) and
 * signs up under its business name, which is what buyers see; a private seller is a person selling
 * their own vehicle or two, in the city they live in. Dealers write "we" and "our showroom", private
 * sellers "I" and "my". Two of them can sign in (see DEMO_ACCOUNTS): Ada, a private seller in Lagos,
 * and Emeka, whose dealership has branches in Abuja, Port Harcourt and Ibadan.
 */
export interface DemoSeller {
  /** Short name the demo listings use. */
  key: string;
  uid: string;
  /** A dealer's business name, or a person's first and last name. */
  name: string;
  kind: 'dealer' | 'private';
  email: string;
  phone: string;
  /** How long before the first start the seller joined: spread over the last two years. */
  joinedDaysAgo: number;
  /** One of the demo accounts people sign in with. */
  signsIn?: true;
}

const dealer = (key: string, name: string, email: string, phone: string, joinedDaysAgo: number): DemoSeller =>
  ({ key, uid: `demo-dealer-${key}`, name, kind: 'dealer', email, phone, joinedDaysAgo });
const person = (key: string, name: string, phone: string, joinedDaysAgo: number): DemoSeller =>
  ({ key, uid: `demo-person-${key}`, name, kind: 'private', email: `${name.toLowerCase().replace(' ', '.')}@example.com`, phone, joinedDaysAgo });

export const DEMO_SELLERS: DemoSeller[] = [
  { key: 'ada', uid: 'demo-seller-ada', name: 'Ada Okafor', kind: 'private', email: 'ada.okafor@voltmarket.test', phone: '+2348035550101', joinedDaysAgo: 430, signsIn: true },
  // Emeka Bello runs the dealership; buyers who chat with it talk to him.
  { key: 'bello', uid: 'demo-seller-emeka', name: 'Bello Electric Motors', kind: 'dealer', email: 'emeka.bello@voltmarket.test', phone: '+2348055550202', joinedDaysAgo: 705, signsIn: true },
  dealer('eko', 'Eko Electric Motors', 'ekoelectricmotors@example.com', '+2349055550111', 690),
  dealer('swiftline', 'Swiftline Logistics', 'fleet.swiftline@example.com', '+2348095550122', 210),
  dealer('arewa', 'Arewa EV Motors', 'arewaevmotors@example.com', '+2348065550133', 610),
  dealer('tincity', 'Tin City Transport', 'tincitytransport@example.com', '+2347035550144', 560),
  dealer('edogreen', 'Edo Green Motors', 'edogreenmotors@example.com', '+2348025550155', 500),
  person('babajide', 'Babajide Ogunleye', '+2348035550161', 95),
  person('hauwa', 'Hauwa Abdullahi', '+2348065550162', 160),
  person('chinedu', 'Chinedu Eze', '+2348035550163', 300),
  person('zainab', 'Zainab Lawal', '+2349035550164', 12),
  person('ibiso', 'Ibiso Briggs', '+2348055550165', 540),
  person('boma', 'Boma Harry', '+2347065550166', 25),
  person('aminu', 'Aminu Danjuma', '+2348065550167', 380),
  person('fatima', 'Fatima Yusuf', '+2348145550168', 48),
  person('seun', 'Oluwaseun Akinola', '+2348025550169', 250),
  person('bisi', 'Bisi Adeyemo', '+2348035550170', 470),
  person('ibrahim', 'Ibrahim Musa', '+2348065550171', 130),
  person('grace', 'Grace Audu', '+2348175550172', 33),
  person('dachung', 'Dachung Pam', '+2348035550173', 650),
  person('nanret', 'Nanret Gyang', '+2349065550174', 75),
  person('osaze', 'Osaze Omoregie', '+2348055550175', 200),
  person('ivie', 'Ivie Osagie', '+2348135550176', 9),
];

export function demoSeller(key: string): DemoSeller {
  const seller = DEMO_SELLERS.find((s) => s.key === key);
  if (!seller) throw new Error(`No demo seller ${key}`);
  return seller;
}

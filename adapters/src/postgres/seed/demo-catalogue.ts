import type { ChargingType, VehicleType } from '@voltmarket/domain';

/** Models the demo listings and the benchmark's draw on: a realistic spread over the catalogue and its types, priced in naira. */
export interface DemoModel {
  brand: string;
  model: string;
  type: VehicleType;
  /** Price of a one-year-old vehicle in good order, whole naira. */
  basePrice: number;
  range: number;
  charging: ChargingType;
}

export const DEMO_MODELS: DemoModel[] = [
  { brand: 'Tesla', model: 'Model 3', type: 'car', basePrice: 48_000_000, range: 510, charging: 'Both' },
  { brand: 'Tesla', model: 'Model Y', type: 'car', basePrice: 56_000_000, range: 530, charging: 'Both' },
  { brand: 'Tesla', model: 'Model S', type: 'car', basePrice: 98_000_000, range: 630, charging: 'Both' },
  { brand: 'Tesla', model: 'Cybertruck', type: 'truck', basePrice: 145_000_000, range: 500, charging: 'Both' },
  { brand: 'BMW', model: 'i4', type: 'car', basePrice: 72_000_000, range: 490, charging: 'Both' },
  { brand: 'BMW', model: 'iX3', type: 'car', basePrice: 66_000_000, range: 460, charging: 'Both' },
  { brand: 'Mercedes-Benz', model: 'EQS', type: 'car', basePrice: 150_000_000, range: 640, charging: 'Both' },
  { brand: 'Mercedes-Benz', model: 'EQV', type: 'bus', basePrice: 110_000_000, range: 350, charging: 'Both' },
  { brand: 'Audi', model: 'Q4 e-tron', type: 'car', basePrice: 70_000_000, range: 480, charging: 'Both' },
  { brand: 'Nissan', model: 'Leaf', type: 'car', basePrice: 19_500_000, range: 270, charging: 'AC' },
  { brand: 'Hyundai', model: 'IONIQ 5', type: 'car', basePrice: 58_000_000, range: 480, charging: 'Both' },
  { brand: 'Hyundai', model: 'Kona Electric', type: 'car', basePrice: 36_000_000, range: 400, charging: 'Both' },
  { brand: 'Kia', model: 'EV6', type: 'car', basePrice: 60_000_000, range: 500, charging: 'Both' },
  { brand: 'Kia', model: 'e-Niro', type: 'car', basePrice: 34_000_000, range: 450, charging: 'Both' },
  { brand: 'Volkswagen', model: 'ID.4', type: 'car', basePrice: 52_000_000, range: 490, charging: 'Both' },
  { brand: 'Volkswagen', model: 'ID. Buzz', type: 'bus', basePrice: 88_000_000, range: 420, charging: 'Both' },
  { brand: 'Ford', model: 'F-150 Lightning', type: 'truck', basePrice: 95_000_000, range: 450, charging: 'Both' },
  { brand: 'Ford', model: 'E-Transit', type: 'truck', basePrice: 76_000_000, range: 300, charging: 'Both' },
  { brand: 'Chevrolet', model: 'Bolt EV', type: 'car', basePrice: 28_000_000, range: 400, charging: 'Both' },
  { brand: 'BYD', model: 'Atto 3', type: 'car', basePrice: 38_000_000, range: 420, charging: 'Both' },
  { brand: 'BYD', model: 'Dolphin', type: 'car', basePrice: 27_000_000, range: 400, charging: 'Both' },
  { brand: 'BYD', model: 'Han', type: 'car', basePrice: 55_000_000, range: 520, charging: 'Both' },
  { brand: 'Polestar', model: '2', type: 'car', basePrice: 62_000_000, range: 540, charging: 'Both' },
  { brand: 'Rivian', model: 'R1T', type: 'truck', basePrice: 125_000_000, range: 500, charging: 'Both' },
  { brand: 'Volvo', model: 'EX30', type: 'car', basePrice: 45_000_000, range: 470, charging: 'Both' },
  { brand: 'Jaguar', model: 'I-PACE', type: 'car', basePrice: 68_000_000, range: 470, charging: 'Both' },
  { brand: 'Porsche', model: 'Taycan', type: 'car', basePrice: 140_000_000, range: 480, charging: 'Both' },
  { brand: 'MG', model: 'ZS EV', type: 'car', basePrice: 26_000_000, range: 320, charging: 'Both' },
  { brand: 'MG', model: '4 EV', type: 'car', basePrice: 30_000_000, range: 450, charging: 'Both' },
  { brand: 'MINI', model: 'Cooper SE', type: 'car', basePrice: 33_000_000, range: 230, charging: 'Both' },
  { brand: 'GAC', model: 'Aion Y', type: 'car', basePrice: 29_000_000, range: 490, charging: 'Both' },
  { brand: 'Xpeng', model: 'G9', type: 'car', basePrice: 64_000_000, range: 570, charging: 'Both' },
  { brand: 'NIO', model: 'ET5', type: 'car', basePrice: 61_000_000, range: 560, charging: 'Both' },
  { brand: 'Li Auto', model: 'L7', type: 'car', basePrice: 63_000_000, range: 210, charging: 'Both' },
  { brand: 'Chery', model: 'eQ1', type: 'car', basePrice: 12_500_000, range: 300, charging: 'AC' },
  { brand: 'JAC', model: 'iEVS4', type: 'car', basePrice: 24_000_000, range: 410, charging: 'Both' },
  { brand: 'DFSK', model: 'EC35', type: 'truck', basePrice: 21_000_000, range: 250, charging: 'AC' },
  { brand: 'Dongfeng', model: 'EX1', type: 'car', basePrice: 11_000_000, range: 300, charging: 'AC' },
  { brand: 'Generic', model: 'City Bus', type: 'bus', basePrice: 165_000_000, range: 280, charging: 'DC' },
  { brand: 'Generic', model: 'Delivery Truck', type: 'truck', basePrice: 58_000_000, range: 220, charging: 'DC' },
  { brand: 'Generic', model: 'E-Truck 2000', type: 'truck', basePrice: 72_000_000, range: 250, charging: 'DC' },
  { brand: 'Electric Bikes NG', model: 'Urban Rider', type: 'bike', basePrice: 650_000, range: 60, charging: 'AC' },
  { brand: 'Electric Bikes NG', model: 'City Cruiser', type: 'bike', basePrice: 850_000, range: 80, charging: 'AC' },
  { brand: 'Electric Bikes NG', model: 'Eco Scooter', type: 'motorcycle', basePrice: 1_200_000, range: 70, charging: 'AC' },
  { brand: 'Zero Motorcycles', model: 'SR/F', type: 'motorcycle', basePrice: 24_000_000, range: 260, charging: 'Both' },
  { brand: 'Zero Motorcycles', model: 'DSR', type: 'motorcycle', basePrice: 21_000_000, range: 250, charging: 'AC' },
  { brand: 'Harley-Davidson', model: 'LiveWire', type: 'motorcycle', basePrice: 26_000_000, range: 230, charging: 'Both' },
];

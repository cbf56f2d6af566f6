import { describe, expect, it } from 'vitest';
import { BRANDS, catalogueCity, catalogueSpelling, excludedOneLetterModels, excludedVehicleTypes, filtersInSearch, LISTING_LOCATIONS, oneLetterModelsIn } from '../src/index.js';

describe('filtersInSearch', () => {
  it('reads every city of the catalogue out of the text, in any case, hyphenated or run together', () => {
    for (const city of LISTING_LOCATIONS) {
      for (const typed of [city, city.toLowerCase(), city.toUpperCase(), city.replace(' ', '-'), city.replace(' ', '').toLowerCase()]) {
        expect(filtersInSearch({ search: `tesla model 3 ${typed}` }), typed).toEqual({ search: 'tesla model 3', location: city });
        expect(filtersInSearch({ search: typed }), typed).toEqual({ search: undefined, location: city });
      }
    }
  });

  it('reads a kind of vehicle, singular or plural', () => {
    expect(filtersInSearch({ search: 'byd buses' })).toEqual({ search: 'byd', vehicleType: 'bus' });
    expect(filtersInSearch({ search: 'Ford truck' })).toEqual({ search: 'Ford', vehicleType: 'truck' });
    expect(filtersInSearch({ search: 'motorbikes' })).toEqual({ search: undefined, vehicleType: 'motorcycle' });
    expect(filtersInSearch({ search: 'e-bike Lagos' })).toEqual({ search: undefined, vehicleType: 'bike', location: 'Lagos' });
    // As Nigerians say them: an okada is a motorcycle taxi, a danfo a minibus; an SUV is a car, unless part of a name.
    expect(filtersInSearch({ search: 'okada in Ibadan' })).toEqual({ search: undefined, vehicleType: 'motorcycle', location: 'Ibadan' });
    expect(filtersInSearch({ search: 'danfo' })).toEqual({ search: undefined, vehicleType: 'bus' });
    expect(filtersInSearch({ search: 'byd SUVs' })).toEqual({ search: 'byd', vehicleType: 'car' });
    expect(filtersInSearch({ search: 'mercedes eqs suv' })).toEqual({ search: 'mercedes eqs suv' });
  });

  it('drops the words that only joined a city or type to the rest', () => {
    expect(filtersInSearch({ search: 'buses in Kano' })).toEqual({ search: undefined, vehicleType: 'bus', location: 'Kano' });
    expect(filtersInSearch({ search: 'Hyundai IONIQ 5 in Port Harcourt' })).toEqual({ search: 'Hyundai IONIQ 5', location: 'Port Harcourt' });
    expect(filtersInSearch({ search: 'made in china, sold in Abuja' })).toEqual({ search: 'made in china, sold', location: 'Abuja' });
    // Nothing read out: the words stay as typed, and "the" alone still finds what it finds.
    expect(filtersInSearch({ search: 'the' })).toEqual({ search: 'the' });
  });

  it('keeps the chosen filters: the same city is dropped from the text, another one stays as words', () => {
    expect(filtersInSearch({ search: 'nissan leaf lagos', location: 'Lagos' })).toEqual({ search: 'nissan leaf', location: 'Lagos' });
    expect(filtersInSearch({ search: 'nissan leaf lagos', location: 'Abuja' })).toEqual({ search: 'nissan leaf lagos', location: 'Abuja' });
    expect(filtersInSearch({ search: 'vans and trucks', vehicleType: 'bus' })).toEqual({ search: 'vans and trucks', vehicleType: 'bus' });
    expect(filtersInSearch({ search: 'kia', vehicleType: 'car', location: 'Jos' })).toEqual({ search: 'kia', vehicleType: 'car', location: 'Jos' });
  });

  it('reads nothing when the text names two cities or two kinds, or a city only as part of a word', () => {
    expect(filtersInSearch({ search: 'lagos to abuja' })).toEqual({ search: 'lagos to abuja' });
    expect(filtersInSearch({ search: 'cars and buses' })).toEqual({ search: 'cars and buses' });
    expect(filtersInSearch({ search: 'jose benin kanoo port' })).toEqual({ search: 'jose benin kanoo port' });
    expect(filtersInSearch({ search: 'lagos Lagos' })).toEqual({ search: undefined, location: 'Lagos' });
  });

  it('reads nothing the text search treats apart: an excluded word, a quoted one, a catalogue name typed whole', () => {
    expect(filtersInSearch({ search: 'tesla -lagos' })).toEqual({ search: 'tesla -lagos' });
    expect(filtersInSearch({ search: 'nissan -bus' })).toEqual({ search: 'nissan -bus' });
    expect(filtersInSearch({ search: '"port harcourt" dealer' })).toEqual({ search: '"port harcourt" dealer' });
    expect(filtersInSearch({ search: 'leaf "kano"' })).toEqual({ search: 'leaf "kano"' });
    expect(filtersInSearch({ search: '"one owner" lagos' })).toEqual({ search: '"one owner"', location: 'Lagos' });
    expect(filtersInSearch({ search: 'Zero Motorcycles SR/F' })).toEqual({ search: 'Zero Motorcycles SR/F' });
    expect(filtersInSearch({ search: 'generic city bus abuja' })).toEqual({ search: 'generic city bus', location: 'Abuja' });
    expect(filtersInSearch({ search: 'electric bikes ng eco scooter' })).toEqual({ search: 'electric bikes ng eco scooter' });
    // "Bike" is said of motorcycles too: it stays a word.
    expect(filtersInSearch({ search: 'bike' })).toEqual({ search: 'bike' });
    expect(filtersInSearch({ search: 'motorcycles' })).toEqual({ search: undefined, vehicleType: 'motorcycle' });
  });

  it('reads a city written with its tone marks or accents', () => {
    expect(filtersInSearch({ search: 'Ìbàdàn' })).toEqual({ search: undefined, location: 'Ibadan' });
    expect(filtersInSearch({ search: 'tesla ÀBÚJÁ' })).toEqual({ search: 'tesla', location: 'Abuja' });
    expect(filtersInSearch({ search: 'buses in Kánò' })).toEqual({ search: undefined, vehicleType: 'bus', location: 'Kano' });
    expect(filtersInSearch({ search: 'Èkó leaf' })).toEqual({ search: 'leaf', location: 'Lagos' });
    // Typed on a Chinese or Japanese keyboard, in full-width letters.
    expect(filtersInSearch({ search: 'tesla Ｌａｇｏｓ' })).toEqual({ search: 'tesla', location: 'Lagos' });
  });

  it('gives a city or brand filter in another case or spacing its catalogue name, and leaves anything else as given', () => {
    for (const city of LISTING_LOCATIONS) {
      for (const given of [city.toLowerCase(), city.toUpperCase(), ` ${city.replace(' ', '-')}`]) expect(catalogueSpelling(given, LISTING_LOCATIONS), given).toBe(city);
    }
    expect(catalogueSpelling('tesla', BRANDS)).toBe('Tesla');
    expect(catalogueSpelling('mercedes benz', BRANDS)).toBe('Mercedes-Benz');
    expect(catalogueSpelling('electric bikes ng', BRANDS)).toBe('Electric Bikes NG');
    expect(catalogueSpelling('Atlantis', LISTING_LOCATIONS)).toBe('Atlantis');
    expect(catalogueSpelling('!!', LISTING_LOCATIONS)).toBe('!!');
    expect(catalogueSpelling(undefined, LISTING_LOCATIONS)).toBeUndefined();
  });

  it('gives a city filter by its short name the catalogue\'s name too, as the text would read it', () => {
    for (const [given, city] of [['PH', 'Port Harcourt'], ['phc', 'Port Harcourt'], ['Abj', 'Abuja'], ['FCT', 'Abuja'], ['Èkó', 'Lagos'], ['eko', 'Lagos'], ['benin-city', 'Benin City'], ['IBADAN', 'Ibadan']]) {
      expect(catalogueCity(given), given).toBe(city);
    }
    expect(catalogueCity('Atlantis')).toBe('Atlantis');
    expect(catalogueCity(undefined)).toBeUndefined();
  });

  it('knows the short names of cities: PH, PHC, Abj, FCT, and Èkó for Lagos', () => {
    expect(filtersInSearch({ search: 'tesla PH' })).toEqual({ search: 'tesla', location: 'Port Harcourt' });
    expect(filtersInSearch({ search: 'cars in phc' })).toEqual({ search: undefined, vehicleType: 'car', location: 'Port Harcourt' });
    expect(filtersInSearch({ search: 'Abj' })).toEqual({ search: undefined, location: 'Abuja' });
    expect(filtersInSearch({ search: 'leaf FCT' })).toEqual({ search: 'leaf', location: 'Abuja' });
    expect(filtersInSearch({ search: 'leaf abj', location: 'Abuja' })).toEqual({ search: 'leaf', location: 'Abuja' });
    expect(filtersInSearch({ search: 'tesla in Èkó' })).toEqual({ search: 'tesla', location: 'Lagos' });
    expect(filtersInSearch({ search: 'EKO' })).toEqual({ search: undefined, location: 'Lagos' });
    expect(filtersInSearch({ search: 'ph to lagos' })).toEqual({ search: 'ph to lagos' });
    expect(filtersInSearch({ search: 'phone' })).toEqual({ search: 'phone' });
  });

  it('searches no word every listing answers to: "electric" and "EV", unless part of a name typed whole', () => {
    expect(filtersInSearch({ search: 'electric car' })).toEqual({ search: undefined, vehicleType: 'car' });
    expect(filtersInSearch({ search: 'Electric buses in Kano' })).toEqual({ search: undefined, vehicleType: 'bus', location: 'Kano' });
    expect(filtersInSearch({ search: 'electric' })).toEqual({ search: undefined });
    expect(filtersInSearch({ search: 'EV lagos' })).toEqual({ search: undefined, location: 'Lagos' });
    expect(filtersInSearch({ search: 'cheap evs' })).toEqual({ search: 'cheap' });
    expect(filtersInSearch({ search: 'hyundai electric suv' })).toEqual({ search: 'hyundai', vehicleType: 'car' });
    // Names with the word: Hyundai's Kona Electric, MG's ZS EV, the brand Electric Bikes NG.
    expect(filtersInSearch({ search: 'kona electric' })).toEqual({ search: 'kona electric' });
    expect(filtersInSearch({ search: 'MG ZS EV abuja' })).toEqual({ search: 'MG ZS EV', location: 'Abuja' });
    expect(filtersInSearch({ search: 'Electric Bikes NG' })).toEqual({ search: 'Electric Bikes NG' });
    // Said on purpose: quoted or excluded, it stays.
    expect(filtersInSearch({ search: '"electric" truck' })).toEqual({ search: '"electric"', vehicleType: 'truck' });
    expect(filtersInSearch({ search: 'leaf -ev' })).toEqual({ search: 'leaf -ev' });
  });

  it('leaves a search without text alone', () => {
    expect(filtersInSearch({ search: undefined, location: 'Kano' })).toEqual({ search: undefined, location: 'Kano' });
  });
});

describe('oneLetterModelsIn', () => {
  it('finds a model with a one-letter word named whole, as words or within a quoted phrase, never excluded', () => {
    expect(oneLetterModelsIn('tesla Model S plaid')).toEqual(['Model S']);
    expect(oneLetterModelsIn('model-s')).toEqual(['Model S']);
    expect(oneLetterModelsIn('GAC aion s')).toEqual(['Aion S']);
    expect(oneLetterModelsIn('model s or model x')).toEqual(['Model S', 'Model X']);
    expect(oneLetterModelsIn('"model s"')).toEqual(['Model S']);
    expect(oneLetterModelsIn('lagos "Tesla Model S Plaid" -"model x"')).toEqual(['Model S']);
    for (const text of ['tesla model 3', 'models', 'model', 'tesla -model s', '-"model s"', 's model', '"model" s', '"s model"']) expect(oneLetterModelsIn(text), text).toEqual([]);
  });
});

describe('one-letter models a search excludes', () => {
  it('reads a model excluded by name, with or without its brand, and leaves the rest of the search as typed', () => {
    expect(excludedOneLetterModels('tesla -"model s"')).toEqual({ models: ['Model S'], search: 'tesla' });
    expect(excludedOneLetterModels('-"Tesla Model S" -"aion s" port harcourt')).toEqual({ models: ['Model S', 'Aion S'], search: 'port harcourt' });
    expect(excludedOneLetterModels('-"model s"')).toEqual({ models: ['Model S'], search: '' });
    expect(excludedOneLetterModels('-model-s tesla')).toEqual({ models: ['Model S'], search: 'tesla' });
  });

  it('leaves other exclusions and quoted phrases alone', () => {
    for (const text of ['tesla -model s', '-"model s plaid"', '"model s"', '-"byd s"', 'tesla -cybertruck', '-"gac model s"']) {
      expect(excludedOneLetterModels(text), text).toEqual({ models: [], search: text });
    }
  });
});

describe('kinds of vehicle a search excludes by their word', () => {
  it('reads each excluded type word once, in any case, with the names Nigerians use', () => {
    expect(excludedVehicleTypes('jos -buses')).toEqual(['bus']);
    expect(excludedVehicleTypes('tesla -Trucks -PICKUP -okada -danfos')).toEqual(['truck', 'motorcycle', 'bus']);
    expect(excludedVehicleTypes('-cars -car')).toEqual(['car']);
  });

  it('leaves words that are not excluded, quoted, or a kind of car rather than every car', () => {
    expect(excludedVehicleTypes('buses in jos')).toEqual([]);
    expect(excludedVehicleTypes('-"buses" tesla')).toEqual([]);
    expect(excludedVehicleTypes('tesla -suv -sedans -saloon -hatchback')).toEqual([]);
    expect(excludedVehicleTypes('-cybertruck -')).toEqual([]);
  });
});

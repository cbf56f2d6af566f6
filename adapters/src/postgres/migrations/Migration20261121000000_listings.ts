import { Migration } from '@mikro-orm/migrations';

/** Users, listings with their search columns and ranking indexes, and the daily view log. */
export class Migration20261121000000_listings extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create extension if not exists pg_trgm;`);
    this.addSql(`create extension if not exists btree_gist;`);
    this.addSql(`
      create table users (
        id text primary key,
        email text,
        first_name varchar(50),
        last_name varchar(50),
        phone varchar(20),
        profile_image_url varchar(500),
        role text not null default 'user' check (role in ('user', 'support', 'admin')),
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );`);
    this.addSql(`create unique index users_email_unique on users (lower(email)) where email is not null;`);
    this.addSql(`create sequence listings_id_seq;`);
    this.addSql(`
      create table listings (
        id integer primary key default nextval('listings_id_seq'),
        seller_id text not null references users (id),
        status text not null default 'pending' check (status in ('pending', 'active', 'rejected')),
        is_verified boolean not null default false,
        rejection_reason varchar(500),
        views integer not null default 0,
        boost_tier smallint not null default 0 check (boost_tier between 0 and 3),
        boosted_until timestamptz,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        title varchar(120) not null,
        description text not null,
        price integer not null check (price > 0),
        year smallint not null check (year >= 2010),
        mileage integer not null check (mileage >= 0),
        range integer not null check (range > 0),
        vehicle_type text not null check (vehicle_type in ('car', 'truck', 'motorcycle', 'bus', 'bike')),
        brand varchar(60) not null,
        model varchar(60) not null,
        location varchar(60) not null,
        image_urls jsonb not null default '[]',
        battery_health smallint not null default 100 check (battery_health between 0 and 100),
        charging_type text not null default 'AC' check (charging_type in ('AC', 'DC', 'Both')),
        fast_charging_time real check (fast_charging_time >= 0),
        vin varchar(17),
        seller_phone varchar(20),
        is_rental_available boolean not null default false,
        daily_rental_rate integer check (daily_rental_rate >= 0),
        weekly_rental_rate integer check (weekly_rental_rate >= 0),
        monthly_rental_rate integer check (monthly_rental_rate >= 0),
        search_text text generated always as (lower(title || ' ' || brand || ' ' || model)) stored,
        search_vector tsvector generated always as (
          setweight(to_tsvector('english', title || ' ' || brand || ' ' || model), 'A') ||
          setweight(to_tsvector('english', description), 'C')
        ) stored
      );`);
    this.addSql(`alter sequence listings_id_seq owned by listings.id;`);
    this.addSql(`create index listings_seller on listings (seller_id, created_at desc);`);
    this.addSql(`create index listings_status on listings (status, created_at desc);`);
    // Public search: every order is "boosted first, then the chosen key"; one partial index per order.
    const orders: [string, string][] = [
      ['newest', 'created_at desc, id desc'],
      ['oldest', 'created_at asc, id asc'],
      ['price_desc', 'price desc, id desc'],
      ['price_asc', 'price asc, id asc'],
      ['mileage_desc', 'mileage desc, id desc'],
      ['mileage_asc', 'mileage asc, id asc'],
      ['year_desc', 'year desc, id desc'],
      ['year_asc', 'year asc, id asc'],
    ];
    for (const [name, keys] of orders) {
      this.addSql(`create index listings_active_${name} on listings (boost_tier desc, ${keys}) where status = 'active';`);
    }
    this.addSql(`create index listings_active_type_location on listings (vehicle_type, location, price) where status = 'active';`);
    this.addSql(`create index listings_active_location on listings (location, price) where status = 'active';`);
    this.addSql(`create index listings_active_brand on listings (brand, price) where status = 'active';`);
    this.addSql(`create index listings_active_search_trgm on listings using gin (search_text gin_trgm_ops) where status = 'active';`);
    this.addSql(`create index listings_active_search_fts on listings using gin (search_vector) where status = 'active';`);
    this.addSql(`
      create table listing_views (
        listing_id integer not null references listings (id) on delete cascade,
        day date not null,
        viewer_key text not null,
        primary key (listing_id, day, viewer_key)
      );`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists listing_views;');
    this.addSql('drop table if exists listings;');
    this.addSql('drop table if exists users;');
  }
}

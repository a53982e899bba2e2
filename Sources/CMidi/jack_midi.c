#include "CMidi.h"

#include <errno.h>
#include <semaphore.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <jack/ringbuffer.h>

/* Each record in a ring buffer: a 2-byte length, then the bytes. */
enum { RING_SIZE = 1 << 16, LONGEST_EVENT = 1024 };

struct imager_jack {
    jack_client_t *client;
    jack_port_t *in, *out;
    jack_ringbuffer_t *received, *to_send;
    sem_t wake;
    atomic_int ports_changed, shut_down;
    atomic_uint_fast64_t dropped;
};

/* Realtime: copies, never blocks, never allocates. */
static int process(jack_nframes_t frames, void *arg) {
    imager_jack *jack = arg;
    void *in = jack_port_get_buffer(jack->in, frames);
    uint32_t count = jack_midi_get_event_count(in);
    int received = 0;
    for (uint32_t i = 0; i < count; i++) {
        jack_midi_event_t event;
        if (jack_midi_event_get(&event, in, i) != 0 || event.size == 0 || event.size > LONGEST_EVENT) continue;
        uint16_t length = (uint16_t)event.size;
        if (jack_ringbuffer_write_space(jack->received) < sizeof length + length) {
            atomic_fetch_add_explicit(&jack->dropped, 1, memory_order_relaxed);
            continue;
        }
        /* One write per record: the reader sees a whole record or none of it. */
        char record[sizeof length + LONGEST_EVENT];
        memcpy(record, &length, sizeof length);
        memcpy(record + sizeof length, event.buffer, length);
        jack_ringbuffer_write(jack->received, record, sizeof length + length);
        received = 1;
    }
    if (received) sem_post(&jack->wake);

    void *out = jack_port_get_buffer(jack->out, frames);
    jack_midi_clear_buffer(out);
    uint16_t length;
    while (jack_ringbuffer_peek(jack->to_send, (char *)&length, sizeof length) == sizeof length
           && jack_ringbuffer_read_space(jack->to_send) >= sizeof length + length) {
        jack_midi_data_t *slot = jack_midi_event_reserve(out, 0, length);
        if (!slot) break; /* the buffer is full this cycle: the rest goes in the next */
        jack_ringbuffer_read_advance(jack->to_send, sizeof length);
        jack_ringbuffer_read(jack->to_send, (char *)slot, length);
    }
    return 0;
}

/* JACK's notification thread: the server's API may not be called here, so the reading
 * thread is woken to reconnect. */
static void port_registered(jack_port_id_t port, int registered, void *arg) {
    (void)port; (void)registered;
    imager_jack *jack = arg;
    atomic_store(&jack->ports_changed, 1);
    sem_post(&jack->wake);
}

static void shut_down(void *arg) {
    imager_jack *jack = arg;
    atomic_store(&jack->shut_down, 1);
    sem_post(&jack->wake);
}

/* libjack writes its complaints (a port that went away between listing and connecting) to
 * standard error, quoting port names that come from other programs raw: Imager says what
 * matters itself, escaped. */
static void quiet(const char *message) { (void)message; }

imager_jack *imager_jack_open(const char *client_name, char *error, size_t error_size) {
    jack_set_error_function(quiet);
    jack_set_info_function(quiet);
    jack_status_t status = 0;
    jack_client_t *client = jack_client_open(client_name, JackNoStartServer, &status);
    if (!client) {
        if (status & JackServerFailed) snprintf(error, error_size, "no JACK server is running");
        else snprintf(error, error_size, "the JACK server refused Imager (status 0x%x)", (unsigned)status);
        return NULL;
    }
    imager_jack *jack = calloc(1, sizeof *jack);
    if (!jack) { jack_client_close(client); snprintf(error, error_size, "out of memory"); return NULL; }
    jack->client = client;
    sem_init(&jack->wake, 0, 0);
    jack->received = jack_ringbuffer_create(RING_SIZE);
    jack->to_send = jack_ringbuffer_create(RING_SIZE);
    jack->in = jack_port_register(client, "midi_in", JACK_DEFAULT_MIDI_TYPE, JackPortIsInput, 0);
    jack->out = jack_port_register(client, "midi_out", JACK_DEFAULT_MIDI_TYPE, JackPortIsOutput, 0);
    if (!jack->received || !jack->to_send || !jack->in || !jack->out) {
        snprintf(error, error_size, "JACK refused Imager's MIDI ports");
        imager_jack_close(jack);
        return NULL;
    }
    if (jack_ringbuffer_mlock(jack->received) != 0 || jack_ringbuffer_mlock(jack->to_send) != 0) {
        /* Not locked in memory: the realtime thread may page-fault, which costs latency only. */
    }
    jack_set_process_callback(client, process, jack);
    jack_set_port_registration_callback(client, port_registered, jack);
    jack_on_shutdown(client, shut_down, jack);
    if (jack_activate(client) != 0) {
        snprintf(error, error_size, "JACK did not activate Imager's client");
        imager_jack_close(jack);
        return NULL;
    }
    return jack;
}

void imager_jack_close(imager_jack *jack) {
    if (!jack) return;
    if (jack->client) {
        if (!atomic_load(&jack->shut_down)) jack_deactivate(jack->client);
        jack_client_close(jack->client);
    }
    if (jack->received) jack_ringbuffer_free(jack->received);
    if (jack->to_send) jack_ringbuffer_free(jack->to_send);
    sem_destroy(&jack->wake);
    free(jack);
}

jack_client_t *imager_jack_client(imager_jack *jack) { return jack->client; }
jack_port_t *imager_jack_input_port(imager_jack *jack) { return jack->in; }
jack_port_t *imager_jack_output_port(imager_jack *jack) { return jack->out; }

void imager_jack_wait(imager_jack *jack, int timeout_ms) {
    struct timespec until;
    clock_gettime(CLOCK_REALTIME, &until);
    until.tv_sec += timeout_ms / 1000;
    until.tv_nsec += (long)(timeout_ms % 1000) * 1000000L;
    if (until.tv_nsec >= 1000000000L) { until.tv_sec += 1; until.tv_nsec -= 1000000000L; }
    while (sem_timedwait(&jack->wake, &until) != 0 && errno == EINTR) {}
}

size_t imager_jack_read(imager_jack *jack, uint8_t *bytes, size_t capacity) {
    uint16_t length;
    while (jack_ringbuffer_peek(jack->received, (char *)&length, sizeof length) == sizeof length
           && jack_ringbuffer_read_space(jack->received) >= sizeof length + length) {
        jack_ringbuffer_read_advance(jack->received, sizeof length);
        if (length <= capacity) {
            jack_ringbuffer_read(jack->received, (char *)bytes, length);
            return length;
        }
        jack_ringbuffer_read_advance(jack->received, length); /* longer than asked for: skipped */
    }
    return 0;
}

int imager_jack_take_ports_changed(imager_jack *jack) { return atomic_exchange(&jack->ports_changed, 0); }

void imager_jack_request_reconnect(imager_jack *jack) {
    atomic_store(&jack->ports_changed, 1);
    sem_post(&jack->wake);
}
int imager_jack_is_shut_down(imager_jack *jack) { return atomic_load(&jack->shut_down); }
uint64_t imager_jack_dropped(imager_jack *jack) { return atomic_load(&jack->dropped); }

int imager_jack_send(imager_jack *jack, const uint8_t *bytes, size_t count) {
    if (count == 0 || count > LONGEST_EVENT) return 0;
    uint16_t length = (uint16_t)count;
    if (jack_ringbuffer_write_space(jack->to_send) < sizeof length + length) return 0;
    /* One write per record, as in process(); one writer at a time (the caller holds a lock). */
    char record[sizeof length + LONGEST_EVENT];
    memcpy(record, &length, sizeof length);
    memcpy(record + sizeof length, bytes, length);
    jack_ringbuffer_write(jack->to_send, record, sizeof length + length);
    return 1;
}
